import { createHash, randomBytes } from 'node:crypto';

export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');
export const sha256 = (text: string): Buffer => createHash('sha256').update(text).digest();

/** A bearer token: 256 random bits, URL-safe. Only its SHA-256 is stored. */
export function newToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256(token) };
}

export const hashToken = (token: string): Buffer => sha256(token);
