import { consoleSession, type ConsoleSession } from '@app/contract/console-auth';
import { roleMayCall, type ConsoleCallDef } from '@app/contract/console-define';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, callApi, setCsrf } from './api';

/** The signed-in operator, or null when nobody is (401). */
export const sessionQuery = queryOptions({
  queryKey: ['console', 'session'],
  queryFn: async (): Promise<ConsoleSession | null> => {
    try {
      const session = await callApi(consoleSession);
      setCsrf(session.csrf);
      return session;
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return null;
      throw err;
    }
  },
  staleTime: Infinity,
  retry: false,
});

/** The signed-in operator (screens inside the signed-in layout only). */
export function useOperator(): ConsoleSession {
  const { data } = useQuery(sessionQuery);
  if (!data) throw new Error('useOperator outside the signed-in layout');
  return data;
}

/** Whether the signed-in operator's role may make `call` (the server checks it again). */
export function useMayCall(call: Pick<ConsoleCallDef, 'roles'>): boolean {
  return roleMayCall(useOperator().role, call);
}
