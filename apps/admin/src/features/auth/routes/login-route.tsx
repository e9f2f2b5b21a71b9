import type { LoginChallengeResponse } from '@backroom/contract';
import { Center, Loader, Paper, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type ComponentType, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { LoginForm } from '../components/login-form';

/** What the second step is told: the server's challenge, and where to go next. */
export interface LoginSecondStepProps {
  challenge: LoginChallengeResponse;
  onSignedIn: () => void;
  /** Back to the email and password. */
  onRestart: () => void;
}

/**
 * /login (spec 1 section 2.3): the way into the shell, with two-factor sign-in's step after the
 * password. The step is two-factor's, handed in by the app layer (app/screens/login-screen.tsx), as
 * is what to fetch while the password is typed.
 */
export function LoginRoute({
  SecondStep,
  onTyping,
}: {
  SecondStep: ComponentType<LoginSecondStepProps>;
  /** The admin is typing the password: the app fetches the signed-in screens meanwhile. */
  onTyping?: () => void;
}) {
  const navigate = useNavigate();
  const [challenge, setChallenge] = useState<LoginChallengeResponse | null>(null);
  const enter = () => navigate('/', { replace: true });
  useDocumentTitle('Login · Backroom');
  return (
    <Center component="main" mih="100vh" p="md" bg="var(--backroom-color-surface)">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={400}>
        <Title order={1} ta="center" mb="lg">
          Admin Panel
        </Title>
        {challenge ? (
          <Suspense fallback={<Loader size="sm" aria-label="Loading..." />}>
            <SecondStep challenge={challenge} onSignedIn={enter} onRestart={() => setChallenge(null)} />
          </Suspense>
        ) : (
          <LoginForm onLoggedIn={enter} onChallenge={setChallenge} onTyping={onTyping} />
        )}
      </Paper>
    </Center>
  );
}
