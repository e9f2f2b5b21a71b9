import type { LoginChallengeResponse } from '@backroom/contract';
import { Center, Loader, Paper, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { LoginForm } from '../components/login-form';

// Only admins with two-factor sign-in need its step: it stays out of the login's first chunk.
const LoginTwoFactorStep = lazy(() =>
  import('../../two-factor/components/login-two-factor-step').then((m) => ({ default: m.LoginTwoFactorStep })),
);

/** /login (spec 1 section 2.3): the way into the shell, with two-factor sign-in's step after the password. */
export function LoginRoute() {
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
            <LoginTwoFactorStep challenge={challenge} onSignedIn={enter} onRestart={() => setChallenge(null)} />
          </Suspense>
        ) : (
          <LoginForm onLoggedIn={enter} onChallenge={setChallenge} />
        )}
      </Paper>
    </Center>
  );
}
