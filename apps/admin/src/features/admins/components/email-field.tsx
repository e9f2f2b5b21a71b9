import { TextInput, type TextInputProps } from '@mantine/core';
import { forwardRef } from 'react';

/** The Email field of both admin forms (register's props spread on it). */
export const EmailField = forwardRef<HTMLInputElement, TextInputProps>(function EmailField(props, ref) {
  return <TextInput ref={ref} label="Email" type="email" withAsterisk autoComplete="off" {...props} />;
});
