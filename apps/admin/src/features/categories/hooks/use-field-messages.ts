import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';

/** Each field's first message from the contract's schema, keyed by its path: 'name', 'values.2'. */
export function fieldMessages(result: z.ZodSafeParseResult<unknown>): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of result.success ? [] : result.error.issues) {
    messages[issue.path.join('.')] ??= issue.message;
  }
  return messages;
}

/**
 * Checks a small form with the contract's schema on Save, then again on every change, so a field's
 * message shows under it until it is put right, and Save never does nothing silently. A refused
 * Save moves the focus to the first field in error (put formRef on the form).
 */
export function useFieldMessages<T>(schema: z.ZodType<unknown, T>, values: T) {
  const formRef = useRef<HTMLFormElement>(null);
  const [refused, setRefused] = useState(0);
  const messages = refused > 0 ? fieldMessages(schema.safeParse(values)) : {};

  useEffect(() => {
    if (refused > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refused]);

  /** Answers whether the values pass; if not, the messages show from now on. */
  const check = () => {
    const ok = schema.safeParse(values).success;
    if (!ok) setRefused((n) => n + 1);
    return ok;
  };
  return { messages, check, formRef };
}
