import { PlaceholderScreen } from '../../../components/placeholder-screen';

export function MessagesRoute() {
  return <PlaceholderScreen title="Messages" description="Conversations with customers will appear here." />;
}
