/** POST /v1/me lives in lib/session-user.ts: shop changes refresh the session with it too. */
export { fetchMe } from '../../../lib/session-user';
