import {
  AVATAR_FILE_FIELD,
  betRecords,
  changePassword,
  MSG_PASSWORD_CHANGED,
  updateProfile,
  uploadAvatar,
} from '@app/contract/member';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoint } from '../../http/endpoint';
import { tokenOf } from '../../http/plugins/auth';
import { BusinessError, MSG_NOT_FOUND } from '../../core/errors';
import { readStoredUpload } from '../../core/uploads';
import { sessionsEnded } from '../auth/revocation';
import { hashToken } from '../../identity/sessions';
import * as bets from './bets';
import * as member from './service';

/** Avatar names are random and never reused: a browser may keep one for a year. */
export const AVATAR_CACHE = 'public, max-age=31536000, immutable';

/** Limits count per session (a stolen token cannot guess the old password fast), else per address. */
function perSession(request: FastifyRequest): string {
  const token = tokenOf(request);
  return token ? `s:${hashToken(token)}` : `ip:${request.ip}`;
}

export default async function memberRoutes(app: FastifyInstance) {
  endpoint(app, uploadAvatar, {
    rateLimit: { max: 20, timeWindow: '1 minute', keyGenerator: perSession },
    handler: async ({ member: m, files }) => {
      const avatar = await member.saveAvatar(app.db, app.config.dataDir, m.id, files.get(AVATAR_FILE_FIELD));
      return { data: { avatar }, message: member.MSG_AVATAR_SAVED };
    },
  });

  endpoint(app, updateProfile, {
    handler: async ({ member: m, input }) => {
      await member.updateProfile(app.db, m.id, input);
      return { data: null, message: member.MSG_PROFILE_SAVED };
    },
  });

  endpoint(app, changePassword, {
    rateLimit: { max: 10, timeWindow: '1 minute', keyGenerator: perSession },
    handler: async ({ member: m, input }) => {
      const ended = await member.changeLoginPassword(app.db, m, input);
      // The other sessions' games, tickets and chat sockets end too, on every process.
      await sessionsEnded(app.db, app.roomBus, m.id, ended);
      return { data: null, message: MSG_PASSWORD_CHANGED };
    },
  });

  endpoint(app, betRecords, {
    handler: async ({ member: m, input }) => ({
      data: await bets.betRecords(app.db, m.id, {
        date: input.date,
        page: input.page,
        venue: input.api_type,
      }),
    }),
  });

  // Avatars, by the names the server made only (no path from the request reaches the file system).
  app.get<{ Params: { name: string } }>(`${member.AVATAR_URL_PREFIX}:name`, async (request, reply) => {
    const upload = await readStoredUpload(app.config.dataDir, 'avatars', request.params.name);
    if (!upload) throw new BusinessError(MSG_NOT_FOUND, 404);
    return reply
      .type(upload.contentType)
      .header('cache-control', AVATAR_CACHE)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .send(upload.data);
  });
}
