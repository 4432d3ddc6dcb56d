/* The desk's socket frames (issue 34): what each side may send, what it receives, and that the
 * limits the server enforces live here. */
import { describe, expect, it } from 'vitest';
import {
  ConsoleSupportClientFrame,
  ConsoleSupportServerFrame,
  SUPPORT_PRESENCE_GRACE_MS,
  SUPPORT_PRESENCE_HEARTBEAT_MS,
  SUPPORT_PRESENCE_SWEEP_MS,
} from './console-support-socket';
import { SupportClientFrame, SupportServerFrame } from './support-desk';

describe('the desk page socket', () => {
  it('reads the auth and typing frames, and nothing else', () => {
    expect(SupportClientFrame.safeParse({ type: 'auth', token: 'abc' }).success).toBe(true);
    expect(SupportClientFrame.safeParse({ type: 'typing', on: false }).success).toBe(true);
    for (const bad of [
      { type: 'auth', token: '' },
      { type: 'auth', token: 'x'.repeat(257) },
      { type: 'typing' },
      'ping',
    ])
      expect(SupportClientFrame.safeParse(bad).success).toBe(false);
  });

  it('describes every frame the server sends', () => {
    const message = {
      id: 1,
      sender: 'operator',
      kind: 'text',
      body: '您好',
      image: null,
      operator: '客服1',
      created_at: 'x',
    };
    const conversation = {
      ...{ id: 2, state: 'open', operator: '客服1', created_at: 'x', closed_at: null, close_tag: null },
      ...{ rating: null, left_offline: false, operator_read_id: 0 },
    };
    for (const frame of [
      { type: 'message', conversation_id: 2, message },
      { type: 'state', change: 'transferred', conversation },
      { type: 'read', conversation_id: 2, operator_read_id: 1 },
      { type: 'typing', conversation_id: 2, on: true },
      { type: 'online', online: false },
    ])
      expect(SupportServerFrame.safeParse(frame).success).toBe(true);
    expect(SupportServerFrame.safeParse({ type: 'state', change: 'reopened', conversation }).success).toBe(
      false,
    );
  });
});

describe('the console socket', () => {
  it('reads watch and typing frames', () => {
    expect(ConsoleSupportClientFrame.safeParse({ type: 'watch', id: null }).success).toBe(true);
    expect(ConsoleSupportClientFrame.safeParse({ type: 'watch', id: 3 }).success).toBe(true);
    expect(ConsoleSupportClientFrame.safeParse({ type: 'typing', id: 3, on: true }).success).toBe(true);
    expect(ConsoleSupportClientFrame.safeParse({ type: 'typing', id: 0, on: true }).success).toBe(false);
    expect(ConsoleSupportServerFrame.safeParse({ type: 'ready', operator_id: 1 }).success).toBe(true);
  });

  it('keeps presence a reload cannot drop: the grace outlasts a minute and two missed heartbeats', () => {
    expect(SUPPORT_PRESENCE_GRACE_MS).toBeGreaterThan(60_000);
    expect(SUPPORT_PRESENCE_GRACE_MS).toBeGreaterThanOrEqual(3 * SUPPORT_PRESENCE_HEARTBEAT_MS);
    expect(SUPPORT_PRESENCE_SWEEP_MS).toBeLessThan(SUPPORT_PRESENCE_GRACE_MS);
  });
});
