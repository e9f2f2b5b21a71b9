import { Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useSetTwoFactorRequirement, useTwoFactorRequirement } from '../api';
import '../styles';
import { AdminsTwoFactor } from './admins-two-factor';

/**
 * Admin Management's Sign-in Security: two-factor sign-in required for every admin (saved at once),
 * and who has it. `me` is the signed-in admin's email (auth's user info, handed in by the screen).
 */
export function TwoFactorRequirement({ me }: { me: string | undefined }) {
  const requirement = useTwoFactorRequirement();
  const save = useSetTwoFactorRequirement();
  const checked = save.isPending ? Boolean(save.variables) : Boolean(requirement.data);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="two-factor-requirement-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="two-factor-requirement-title">
          Sign-in Security
        </Title>
        <Switch
          label="Require two-factor sign-in for every admin"
          description="Admins without it set it up right after their password at their next sign-in; sessions already open stay open."
          checked={checked}
          disabled={requirement.isPending || save.isPending}
          onChange={(event) => save.mutate(event.currentTarget.checked)}
        />
        {requirement.isError && (
          <Text size="sm" c="red">
            Failed to load this setting
          </Text>
        )}
        <AdminsTwoFactor me={me} />
      </Stack>
    </Paper>
  );
}
