import { agentOverview, agentTicket } from '@app/contract/agent-office';
import { logoff } from '@app/contract/auth';
import { login } from '@app/contract/auth-forms';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call } from '@/shared/api/client';
import { officeQueries } from '@/shared/queries/office';
import { sessionActions } from '@/shared/session/store';

export interface Credentials {
  name: string;
  password: string;
}

/** Keeps a new session: nothing of an earlier one stays in the cache. */
function keep(qc: QueryClient, token: string): void {
  qc.clear();
  sessionActions.signIn(token);
}

/**
 * Sign-in with the member's name and password (the members' /api/login_pc), then the agent check: a
 * member who is not an approved agent (or a frozen one) hears the server's reason, and its new member
 * session is ended again instead of kept.
 */
export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, password }: Credentials) => {
      const { token } = await call(login, { name, password }, { token: null });
      try {
        const overview = await call(agentOverview, undefined, { token });
        return { token, overview };
      } catch (error) {
        void call(logoff, undefined, { token }).catch(() => undefined);
        throw error;
      }
    },
    onSuccess: ({ token, overview }) => {
      keep(qc, token);
      qc.setQueryData(officeQueries.overview().queryKey, overview);
    },
  });
}

/**
 * The one exchange of each ticket: a ticket is single-use, and React runs a mounting effect twice in
 * development (StrictMode), so the second run must get the first one's answer, not spend it again.
 */
const exchanges = new Map<string, Promise<string>>();

export function exchangeTicket(ticket: string): Promise<string> {
  let pending = exchanges.get(ticket);
  if (!pending) {
    pending = call(agentTicket, { ticket }, { token: null }).then((r) => r.api_token);
    exchanges.set(ticket, pending);
    // Settled: spent either way (the screen keeps what it said); nothing kept for later.
    const forget = () => void exchanges.delete(ticket);
    pending.then(forget, forget);
  }
  return pending;
}

/** Keeps the session a ticket gave. */
export function useKeepSession(): (token: string) => void {
  const qc = useQueryClient();
  return (token) => keep(qc, token);
}
