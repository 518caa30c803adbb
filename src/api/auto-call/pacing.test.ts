import { abandonFeedback, dialsNow, estimateAnswerRate, pushAnswerOutcome, windowCounts, type PacingInput } from './pacing';

const base: PacingInput = {
  pacing: 'predictive',
  freeAgents: 5,
  busyAgents: 15,
  ringing: 0,
  answerRate: 0.2,
  avgTalkMs: 60_000,
  avgAnswerMs: 8_000,
  answered: 1_000,
  dropped: 0,
};

describe('dialsNow: preview and progressive', () => {
  it('preview dials only what agents asked for, never more than the free agents', () => {
    expect(dialsNow({ ...base, pacing: 'preview' })).toBe(0);
    expect(dialsNow({ ...base, pacing: 'preview', previewRequests: 2 })).toBe(2);
    expect(dialsNow({ ...base, pacing: 'preview', previewRequests: 9 })).toBe(5);
  });

  it('progressive dials multiple lines per free agent, less those already ringing', () => {
    expect(dialsNow({ ...base, pacing: 'progressive', multiple: 1 })).toBe(5);
    expect(dialsNow({ ...base, pacing: 'progressive', multiple: 2, ringing: 3 })).toBe(7);
    expect(dialsNow({ ...base, pacing: 'progressive', multiple: 1, ringing: 8 })).toBe(0);
    expect(dialsNow({ ...base, pacing: 'progressive', multiple: 1, freeAgents: 0 })).toBe(0);
  });
});

describe('dialsNow: predictive', () => {
  it('dials for the free agents plus those finishing within the answer time, divided by the answer rate', () => {
    // free 5 + busy 15 × 8/60 = 7 expected free agents; at a 20 % answer rate that is 35 lines.
    expect(dialsNow(base)).toBe(35);
    // 10 lines already ringing are expected to bring 2 answers: 5 expected answers left → 25 lines.
    expect(dialsNow({ ...base, ringing: 10 })).toBe(25);
  });

  it('uses the agents the runner knows will be free soon instead of the estimate', () => {
    // free 5 + 1 known soon free = 6 expected answers at 20 % → 30 lines.
    expect(dialsNow({ ...base, soonFreeAgents: 1 })).toBe(30);
  });

  it('never dials more than 4 lines per agent, whatever the answer rate says', () => {
    expect(dialsNow({ ...base, answerRate: 0.01 })).toBe(80);
  });

  it('backs off to 1:1 as the dropped share approaches the limit, and stops over-dialling at the limit', () => {
    const clean = dialsNow({ ...base, dropped: 0 });
    const half = dialsNow({ ...base, dropped: 15 }); // 1.5 % of 1,000
    const atLimit = dialsNow({ ...base, dropped: 30 }); // 3 %
    expect(half).toBeLessThan(clean);
    expect(half).toBeGreaterThan(5);
    expect(atLimit).toBe(5); // only the free agents, nothing predictive
    expect(dialsNow({ ...base, dropped: 30, ringing: 5 })).toBe(0);
  });

  it('keeps the visible drops under the limit less the share AMD loses unseen', () => {
    // 2.5 % seen + 0.5 % lost to AMD = the 3 % limit: nothing beyond 1:1.
    expect(dialsNow({ ...base, dropped: 25, amdLossRate: 0.005 })).toBe(5);
    // 1 % seen: 34 % of a 3 % limit (almost full speed), 50 % of what is left after 1 % AMD losses.
    expect(dialsNow({ ...base, dropped: 10 })).toBe(32);
    expect(dialsNow({ ...base, dropped: 10, amdLossRate: 0.01 })).toBe(21);
  });

  it('a stricter limit dials fewer lines for the same history', () => {
    expect(dialsNow({ ...base, dropped: 10, maxAbandonRate: 0.02 })).toBeLessThan(dialsNow({ ...base, dropped: 10 }));
  });

  it('a bad recent window slows dialling even while the campaign total is fine', () => {
    const recentBad = dialsNow({ ...base, dropped: 5, recent: { answered: 200, dropped: 8 } });
    expect(recentBad).toBe(5);
    expect(dialsNow({ ...base, dropped: 5, recent: { answered: 200, dropped: 0 } })).toBe(35);
    // A window at the limit stops over-dialling even with little evidence.
    expect(dialsNow({ ...base, dropped: 0, answered: 0, recent: { answered: 10, dropped: 1 } })).toBe(5);
  });
});

describe('abandonFeedback', () => {
  it('starts cautiously (the prior assumes half the limit), goes full once answers show no drops, 0 with a zero limit', () => {
    expect(abandonFeedback({ answered: 0, dropped: 0 })).toBeCloseTo((0.75 - 0.5) / 0.45);
    expect(abandonFeedback({ answered: 100, dropped: 0 })).toBe(1);
    expect(abandonFeedback({ answered: 0, dropped: 0, maxAbandonRate: 0 })).toBe(0);
  });

  it('falls linearly between 30 % and 75 % of the limit', () => {
    // 0.75 + 19.5 drops over 1,050 → 1.93 % = 0.64 of the 3 % limit → (0.75 - 0.64) / 0.45 ≈ 0.24
    expect(abandonFeedback({ answered: 1_000, dropped: 19.5 })).toBeCloseTo(0.24, 1);
  });
});

describe('measurement helpers', () => {
  it('blends the answer rate with a 25 % prior worth 30 dials', () => {
    expect(estimateAnswerRate(0, 0)).toBeCloseTo(0.25);
    expect(estimateAnswerRate(200, 1_000)).toBeCloseTo((200 + 7.5) / 1_030);
  });

  it('keeps only the newest answers in the window', () => {
    let window: (0 | 1)[] = [];
    for (let i = 0; i < 5; i++) window = pushAnswerOutcome(window, i === 0, 3);
    expect(window).toEqual([0, 0, 0]);
    expect(windowCounts(pushAnswerOutcome(window, true, 3))).toEqual({ answered: 3, dropped: 1 });
  });
});
