import { Classes, Icon, Intent, Tag } from '@blueprintjs/core';
import { useId } from 'react';
import type { RoutingSimulateResponse } from '../../api/routing/routing.contract';
import { useT } from '../../i18n/use-t';
import { destinationText, STEP_ICONS, STEP_LABELS } from './simulate-labels';

export interface SimulatePathProps {
  answer: RoutingSimulateResponse;
  /** What the path is of (the hour of a week's cell); the heading's default otherwise. */
  heading?: string;
}

/**
 * A call's path as `routing/simulate` answers it, top to bottom: each step's kind (icon and label), what
 * it is about, and the server's reason in the page's language; then where the call ends, highlighted,
 * with the `ring_gr` and `ivr_number` the inbound pop-up would get.
 */
export function SimulatePath({ answer, heading }: SimulatePathProps) {
  const t = useT();
  const titleId = useId();
  return (
    <section className="routing-path" data-testid="simulate-path" aria-labelledby={titleId}>
      <h4 id={titleId} className={Classes.HEADING}>
        {heading ?? t('routing-simulate.path.title')}
      </h4>
      <ol className="routing-path__steps">
        {answer.steps.map((step, index) => (
          <li key={index} className="routing-path__step" data-testid={`simulate-step-${index}`} data-type={step.type}>
            <Icon icon={STEP_ICONS[step.type]} className="routing-path__icon" aria-hidden />
            <div>
              <strong>{t(STEP_LABELS[step.type])}</strong>
              {step.target !== '' && <span className="routing-path__target"> {step.target}</span>}
              <div className={Classes.TEXT_MUTED}>{step.reason}</div>
            </div>
          </li>
        ))}
        <li className="routing-path__step routing-path__step--end" data-testid="simulate-destination" data-type={answer.destination.type}>
          <Icon icon={STEP_ICONS[answer.destination.type]} className="routing-path__icon" intent={Intent.PRIMARY} aria-hidden />
          <div>
            <strong>{t('routing-simulate.path.destination', { what: destinationText(t, answer.destination) })}</strong>
            <div className="routing-path__tags">
              {answer.ring_group !== '' && (
                <Tag minimal intent={Intent.PRIMARY} data-testid="simulate-ring-gr">
                  {t('routing-simulate.path.ring_gr', { value: answer.ring_group })}
                </Tag>
              )}
              {answer.ivr_number !== '' && (
                <Tag minimal intent={Intent.PRIMARY} data-testid="simulate-ivr-number">
                  {t('routing-simulate.path.ivr_number', { value: answer.ivr_number })}
                </Tag>
              )}
            </div>
          </div>
        </li>
      </ol>
    </section>
  );
}
