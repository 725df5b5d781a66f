import { expect } from 'vitest';

/** The headers a test call signs in with. */
export type Auth = { authorization: string };

/** What `app.inject` answers, as far as the API tests read it. */
export interface Reply {
  statusCode: number;
  body: string;
  headers: Record<string, string | string[] | number | undefined>;
  rawPayload: Buffer;
  json(): { status: string; message: string; data: never };
}

/** A refusal with its HTTP status and envelope message. */
export function expectRefused(res: Pick<Reply, 'statusCode' | 'body' | 'json'>, status: number, message: string | RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body.status).toBe('error');
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
}

/** A 200 reply's envelope. */
export function expectOk(res: Pick<Reply, 'statusCode' | 'body' | 'json'>) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
