import { Button, FileButton } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { notifyError } from '../../lib/notify';
import { isImageType } from './image-type';

export const ONLY_IMAGES = 'Only image files can be uploaded';

interface PickImageButtonProps {
  /** The button's name, e.g. 'Upload image 3'. */
  label: string;
  /** A shorter text to show than the label, where room is short (the label stays the button's name). */
  shortText?: string;
  children?: ReactNode;
  multiple?: boolean;
  disabled?: boolean;
  onPick: (files: File[]) => void;
}

/** A button that opens the file picker for images (image files only, spec 1 section 5). */
export function PickImageButton({
  label,
  shortText,
  children,
  multiple = false,
  disabled = false,
  onPick,
}: PickImageButtonProps) {
  const take = (picked: File | File[] | null) => {
    const files = picked === null ? [] : Array.isArray(picked) ? picked : [picked];
    if (files.some((f) => !isImageType(f.type))) {
      notifyError(ONLY_IMAGES);
      return;
    }
    if (files.length > 0) onPick(files);
  };
  return (
    <FileButton accept="image/*" multiple={multiple} onChange={take} disabled={disabled}>
      {(props) => (
        <Button
          {...props}
          variant="light"
          size="xs"
          disabled={disabled}
          aria-label={children ? undefined : label}
          leftSection={<IconUpload size={14} aria-hidden="true" />}
        >
          {children ?? shortText ?? label}
        </Button>
      )}
    </FileButton>
  );
}
