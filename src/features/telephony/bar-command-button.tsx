import { Button, type ButtonProps } from '@blueprintjs/core';
import { useT } from '../../i18n/use-t';
import { ctiCommand, type CtiCommandName } from '../../shell/telephony/cti-commands';
import { runCtiCommand } from '../../shell/telephony/phone-commands';
import { usePhoneCommandState } from '../../shell/telephony/use-cti-command';
import { openBarPanel } from './telephony-ui-store';

export interface BarCommandButtonProps extends Omit<ButtonProps, 'onClick' | 'icon' | 'disabled'> {
  name: CtiCommandName;
  testId: string;
  /** Only the icon, its label as tooltip. @default false */
  iconOnly?: boolean;
}

/**
 * A CTI bar button drawn from its command's declaration (cti-commands.ts): hidden without the
 * permission, disabled when the command may not run, so it agrees with the command's hotkey. `text`
 * and `intent` may be given for commands whose label follows the phone (forwarding on, supervising).
 */
export function BarCommandButton({ name, testId, iconOnly = false, text, ...rest }: BarCommandButtonProps) {
  const t = useT();
  const command = ctiCommand(name);
  const state = usePhoneCommandState(command);
  if (state === 'hidden') return null;
  const label = t(command.labelId);
  return (
    <Button
      size="small"
      data-testid={testId}
      icon={command.icon}
      intent={command.intent}
      disabled={state === 'disabled'}
      onClick={() => runCtiCommand(command, null, openBarPanel)}
      text={iconOnly ? undefined : (text ?? label)}
      aria-label={iconOnly ? label : undefined}
      title={iconOnly ? label : undefined}
      {...rest}
    />
  );
}
