import { Center, Paper, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useNavigate } from 'react-router';
import { LoginForm } from '../components/login-form';

/** /login (spec 1 section 2.3): the way into the shell. */
export function LoginRoute() {
  const navigate = useNavigate();
  useDocumentTitle('Login · Backroom');
  return (
    <Center component="main" mih="100vh" p="md" bg="var(--backroom-color-surface)">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={400}>
        <Title order={1} ta="center" mb="lg">
          Admin Panel
        </Title>
        <LoginForm onLoggedIn={() => navigate('/', { replace: true })} />
      </Paper>
    </Center>
  );
}
