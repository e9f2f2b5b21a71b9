import { describe, expect, it } from 'vitest';
import { addAdminFormSchema, registerAdminRequest } from './admins';

const valid = {
  firstName: ' Ada ',
  lastName: 'Lovelace ',
  email: ' Ada@Example.COM ',
  password: 'Violet-Harbour-Lamp-42',
  confirmPassword: 'Violet-Harbour-Lamp-42',
};
/** The first message of each field, as the form shows it. */
const messages = (values: Record<string, string>) => {
  const shown = new Map<string, string>();
  for (const issue of addAdminFormSchema.safeParse(values).error?.issues ?? []) {
    const field = issue.path.join('.');
    if (!shown.has(field)) shown.set(field, `${field}: ${issue.message}`);
  }
  return [...shown.values()];
};

describe('Add New Admin form', () => {
  it('sends the name as first and last joined by a space, the e-mail lower-cased', () => {
    expect(registerAdminRequest(addAdminFormSchema.parse(valid))).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: valid.password,
      role: 'admin',
    });
  });

  it('requires every field, naming it', () => {
    expect(messages({ firstName: '', lastName: ' ', email: '', password: '', confirmPassword: '' })).toEqual([
      'firstName: First Name is required',
      'lastName: Last Name is required',
      'email: Email is required',
      'password: Password is required',
      'confirmPassword: Confirm Password is required',
    ]);
  });

  it("says 'Passwords do not match' when they differ, even with another field wrong", () => {
    expect(messages({ ...valid, confirmPassword: 'other' })).toEqual(['confirmPassword: Passwords do not match']);
    expect(messages({ ...valid, email: 'nope', confirmPassword: 'other' })).toEqual([
      'email: Email must be a valid email address',
      'confirmPassword: Passwords do not match',
    ]);
  });

  it('tells the password policy', () => {
    expect(messages({ ...valid, password: 'password1234', confirmPassword: 'password1234' })).toEqual([
      'password: Password must be at least 12 characters and not a commonly used password',
    ]);
  });
});
