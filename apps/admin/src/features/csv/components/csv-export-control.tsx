import '../styles';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { type CsvExportRequest, useCsvExport } from '../hooks/use-csv-export';
import { ExportProgress } from './export-progress';

export interface CsvExportChoice {
  /** The menu item's name when there are several choices ('One line per order item'). */
  label: string;
  request: CsvExportRequest;
}

/**
 * 'Export CSV' in a list's toolbar: one choice is a button, several a menu. While the file
 * downloads the control is disabled and the progress panel shows, with Cancel.
 */
export function CsvExportControl({ choices }: { choices: readonly CsvExportChoice[] }) {
  const { progress, start, cancel } = useCsvExport();
  const busy = progress !== null;
  const icon = <IconDownload size={16} aria-hidden="true" />;
  const [only] = choices;

  return (
    <>
      {choices.length === 1 && only ? (
        <Button variant="default" leftSection={icon} disabled={busy} onClick={() => void start(only.request)}>
          Export CSV
        </Button>
      ) : (
        // Without Mantine's initial-focus placeholder: a focusable child of role=menu that is no
        // menuitem, which axe flags (aria-required-children), as in the shell's account menu.
        <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
          <Menu.Target>
            <Button
              variant="default"
              leftSection={icon}
              rightSection={<IconChevronDown size={14} aria-hidden="true" />}
              disabled={busy}
            >
              Export CSV
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {choices.map((choice) => (
              <Menu.Item key={choice.label} onClick={() => void start(choice.request)}>
                {choice.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      {progress && <ExportProgress progress={progress} onCancel={cancel} />}
    </>
  );
}
