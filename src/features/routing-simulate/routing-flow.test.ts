import { buildRoutingFlow, type FlowNode, type FlowRecords } from './routing-flow';

const records: FlowRecords = {
  inboundNumbers: [{ number: '0215889000', name: 'Main line', destination: { type: 'ivr', target: '700' } }],
  timeConditions: [
    { id: 2, name: 'Office hours', type: 'working_hour', destination: { type: 'voicemail', target: null }, sound_file_id: null },
    { id: 3, name: 'Lunch', type: 'lunch_hour', destination: { type: 'queue', target: '500' }, sound_file_id: null },
    { id: 1, name: 'Seollal', type: 'holiday', destination: null, sound_file_id: 9 },
  ],
  ivrs: [
    {
      number: '700',
      name: 'Main menu',
      greeting_sound_file_id: 9,
      options: [
        { digit: '1', destination: { type: 'ring_group', target: '600' } },
        { digit: '2', destination: { type: 'ivr', target: '710' } },
        { digit: '3', destination: { type: 'callback_group', target: '800' } },
        { digit: '4', destination: { type: 'ivr', target: '799' } },
      ],
      timeout_destination: { type: 'extension', target: '1001' },
      invalid_destination: null,
    },
    {
      number: '710',
      name: 'Sales menu',
      greeting_sound_file_id: null,
      options: [{ digit: '9', destination: { type: 'ivr', target: '700' } }],
      timeout_destination: { type: 'sound_file', target: '42' },
      invalid_destination: { type: 'hangup', target: null },
    },
  ],
  ringGroups: [{ number: '600', display_name: 'Support', strategy: 'hunt', members: ['1001', '1002'], no_answer_destination: { type: 'ring_group', target: '600' } }],
  callbackGroups: [{ number: '800', name: 'Call me back', members: ['1003'] }],
  soundFiles: [{ id: 9, name: 'Closed today' }],
};

/** The tree as indented lines, `kind target`. */
function outline(nodes: readonly FlowNode[], depth = 0): string[] {
  return nodes.flatMap((node) => [`${'  '.repeat(depth)}${node.kind} ${node.name ?? node.target}`.trimEnd(), ...outline(node.children, depth + 1)]);
}

describe('buildRoutingFlow', () => {
  it('draws each inbound number: its time conditions by priority, then its own destination, menus and groups expanded', () => {
    expect(outline(buildRoutingFlow(records))).toEqual([
      'inbound_number Main line',
      '  time_condition Seollal',
      '    sound_file Closed today',
      '  time_condition Lunch',
      '    queue 500',
      '  time_condition Office hours',
      '    voicemail',
      '  otherwise',
      '    ivr Main menu',
      '      ivr_option 1',
      '        ring_group Support',
      '          no_answer',
      '            back_to_ring_group 600',
      '      ivr_option 2',
      '        ivr Sales menu',
      '          ivr_option 9',
      '            back_to_ivr 700',
      '          ivr_timeout',
      '            sound_file #42',
      '          ivr_invalid',
      '            hangup',
      '      ivr_option 3',
      '        callback_group Call me back',
      '      ivr_option 4',
      '        missing 799',
      '      ivr_timeout',
      '        extension 1001',
      '      ivr_invalid',
      '        hangup',
    ]);
  });

  it('keeps what the records say about each node', () => {
    const [inbound] = buildRoutingFlow(records);
    const menu = inbound!.children.at(-1)!.children[0]!;
    expect(menu).toMatchObject({ kind: 'ivr', target: '700', greeting: 'Closed today' });
    expect(menu.children[0]!.children[0]).toMatchObject({ kind: 'ring_group', strategy: 'hunt', members: ['1001', '1002'] });
    expect(menu.children[3]!.children[0]).toMatchObject({ kind: 'missing', missingType: 'ivr', target: '799' });
    expect(inbound!.children[0]).toMatchObject({ kind: 'time_condition', conditionType: 'holiday' });
  });

  it('expands the same menu again under another number: only a menu on its own way down is a loop', () => {
    const two = buildRoutingFlow({ ...records, inboundNumbers: [...records.inboundNumbers, { number: '0215889001', name: '', destination: { type: 'ivr', target: '710' } }] });
    expect(outline([two[1]!.children.at(-1)!])).toEqual([
      'otherwise',
      '  ivr Sales menu',
      '    ivr_option 9',
      '      ivr Main menu',
      '        ivr_option 1',
      '          ring_group Support',
      '            no_answer',
      '              back_to_ring_group 600',
      '        ivr_option 2',
      '          back_to_ivr 710',
      '        ivr_option 3',
      '          callback_group Call me back',
      '        ivr_option 4',
      '          missing 799',
      '        ivr_timeout',
      '          extension 1001',
      '        ivr_invalid',
      '          hangup',
      '    ivr_timeout',
      '      sound_file #42',
      '    ivr_invalid',
      '      hangup',
    ]);
    expect(two[1]!.name).toBeUndefined();
  });

  it('hangs up a number without a destination, and lists nothing without inbound numbers', () => {
    expect(outline(buildRoutingFlow({ ...records, timeConditions: [], inboundNumbers: [{ number: '0299', name: null, destination: null }] }))).toEqual(['inbound_number 0299', '  otherwise', '    hangup']);
    expect(buildRoutingFlow({ ...records, inboundNumbers: [] })).toEqual([]);
  });
});
