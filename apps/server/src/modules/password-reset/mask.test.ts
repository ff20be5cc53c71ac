import { describe, expect, it } from 'vitest';
import { decoyDestinations, maskEmail, maskWhatsapp } from './mask.ts';

describe('masked destinations', () => {
  it('show enough to recognise one’s own', () => {
    expect(maskEmail('somchai@gmail.com')).toBe('s•••@g•••.com');
    expect(maskEmail('noy@company.co.la')).toBe('n•••@c•••.la');
    expect(maskWhatsapp('+8562055554521')).toBe('•••• 4521');
  });

  it('are made up for an unknown account the same way every time, shaped as real ones are', () => {
    const none = { email: null, whatsapp: null };
    expect(decoyDestinations('ghost', 'key', none)).toEqual(decoyDestinations('ghost', 'key', none));
    const shapes = new Set<string>();
    for (let i = 0; i < 200; i++) {
      shapes.add(
        decoyDestinations(`user${i}`, 'key', none)
          .map((d) => d.channel)
          .join('+') || 'none',
      );
    }
    expect([...shapes].sort()).toEqual(['EMAIL', 'EMAIL+WHATSAPP', 'WHATSAPP', 'none']);
    // What was typed is always among them.
    expect(decoyDestinations('a@b.la', 'key', { email: 'a@b.la', whatsapp: null })[0]).toEqual({
      channel: 'EMAIL',
      masked: 'a•••@b•••.la',
    });
    expect(
      decoyDestinations('02055550001', 'key', { email: null, whatsapp: '+8562055550001' }).at(-1),
    ).toEqual({ channel: 'WHATSAPP', masked: '•••• 0001' });
  });
});
