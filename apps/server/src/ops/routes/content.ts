import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok, parseOps } from '../respond';
import { sendMessage } from '../../modules/content/service';

/** Operator routes of content (under /ops). */
export default async function contentOps(app: FastifyInstance) {
  app.post('/messages/send', async (request) => {
    const body = parseOps(
      z.object({
        to: z.string().trim().min(1, '请指定会员或 all').max(32, '会员名过长'),
        title: z.string().trim().min(1, '请输入标题').max(200, '标题过长'),
        content: z.string().min(1, '请输入内容').max(20_000, '内容过长'),
      }),
      request,
    );
    const to = body.to.toLowerCase() === 'all' ? null : body.to;
    return ok(await sendMessage(app.db, to, body.title, body.content));
  });
}
