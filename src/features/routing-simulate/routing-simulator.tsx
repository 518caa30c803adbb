import { Classes } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { simulateRouting } from '../../api/resources/routing-api';
import { seoulDay } from '../../api/routing/route-call';
import type { RoutingSimulateBody, RoutingSimulateResponse } from '../../api/routing/routing.contract';
import { seoulMoment } from '../../api/routing/time-condition-rules';
import { useT } from '../../i18n/use-t';
import { showError } from '../../ui/feedback/error-store';
import { fieldErrorsFromServer, type FieldErrors } from '../../ui/forms/field-errors';
import { SimulateForm, type SimulateMode, type SimulateValues } from './simulate-form';
import { SimulatePath } from './simulate-path';
import { SimulateWeekGrid, useHourText, type WeekRun } from './simulate-week-grid';
import { runPool, seoulIso, weekHours } from './simulate-week-runs';

/** About as many requests at once as a browser opens to one host: the week fills quickly, the page stays responsive. */
const WEEK_CONCURRENCY = 6;

export interface RoutingSimulatorProps {
  /** The number dialled to start with (`?to=` from the inbound numbers' "Test a call"). */
  initialTo?: string;
  /** Now, for the day and time the form starts with. */
  now?: Date;
}

function startValues(to: string, now: Date): SimulateValues {
  const moment = seoulMoment(now);
  return { to, from: '', day: seoulDay(now), hour: moment.hour, minute: moment.minute, digits: '' };
}

/**
 * "What happens to this call?" (docs/routing.md): `routing/simulate` for one call, or for every hour of
 * the week holding the chosen day (168 calls, a few at a time), through the staged routing. A 422 is
 * shown under its field; anything else in the error dialog.
 */
export function RoutingSimulator({ initialTo = '', now }: RoutingSimulatorProps) {
  const t = useT();
  const hourText = useHourText();
  const [values, setValues] = useState(() => startValues(initialTo, now ?? new Date()));
  const [mode, setMode] = useState<SimulateMode>('one');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<RoutingSimulateResponse | null>(null);
  const [week, setWeek] = useState<WeekRun | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  // Each run's number; a newer run (or leaving the page) makes an older one stop and drop its answers.
  const run = useRef(0);
  useEffect(() => () => void (run.current += 1), []);

  const bodyAt = (at: string | undefined): RoutingSimulateBody => ({ to: values.to.trim(), from: values.from.trim(), ...(at ? { at } : {}), ...(values.digits.trim() ? { digits: values.digits.trim() } : {}) });
  const failed = (failure: unknown) => {
    const fields = fieldErrorsFromServer(failure);
    if (fields) setErrors(fields);
    else showError(failure);
  };

  const simulateOne = async (id: number) => {
    try {
      const result = await simulateRouting(bodyAt(values.day ? seoulIso(values.day, values.hour, values.minute) : undefined));
      if (run.current === id) setAnswer(result);
    } catch (failure) {
      if (run.current === id) failed(failure);
    }
  };

  const simulateWeek = async (id: number) => {
    const hours = weekHours(values.day || seoulDay(new Date()));
    setWeek({ hours, answers: [], done: 0 });
    try {
      await runPool(
        hours,
        WEEK_CONCURRENCY,
        (hour) => simulateRouting(bodyAt(hour.at)),
        (result, index) =>
          setWeek((current) => {
            if (!current) return current;
            const answers = [...current.answers];
            answers[index] = result;
            return { ...current, answers, done: current.done + 1 };
          }),
        () => run.current !== id,
      );
    } catch (failure) {
      if (run.current !== id) return;
      setWeek(null);
      failed(failure);
    }
  };

  const submit = async () => {
    run.current += 1;
    const id = run.current;
    setErrors({});
    setAnswer(null);
    setWeek(null);
    setSelected(null);
    setBusy(true);
    await (mode === 'week' ? simulateWeek(id) : simulateOne(id));
    if (run.current === id) setBusy(false);
  };

  const chosen = week && selected !== null ? week.answers[selected] : undefined;
  return (
    <section className="routing-simulate__panel" data-testid="routing-simulator" aria-labelledby="routing-simulate-title">
      <h3 id="routing-simulate-title" className={Classes.HEADING}>
        {t('routing-simulate.title')}
      </h3>
      <p className={Classes.TEXT_MUTED}>{t('routing-simulate.caption')}</p>
      <div className="routing-simulate__body">
        <SimulateForm values={values} onChange={setValues} mode={mode} onModeChange={setMode} errors={errors} busy={busy} onSubmit={() => void submit()} />
        <div className="routing-simulate__result">
          {answer && <SimulatePath answer={answer} />}
          {week && <SimulateWeekGrid run={week} selected={selected} onSelect={setSelected} />}
          {week && chosen && selected !== null && <SimulatePath answer={chosen} heading={t('routing-simulate.week.hour_path', { when: hourText(week.hours[selected]!) })} />}
        </div>
      </div>
    </section>
  );
}
