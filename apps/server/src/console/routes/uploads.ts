import { consoleUploadImage } from '@app/contract/console-uploads';
import { IMAGE_UPLOAD_MAX_BYTES } from '@app/contract/uploads';
import type { FastifyInstance } from 'fastify';
import { UPLOAD_URL_PREFIX } from '../../core/paths';
import { consoleEndpoint, requireConsoleOperator } from '../../http/console-endpoint';
import demoPictureRoutes, { type DemoPictures } from '../../modules/site/demo-pictures';
import { operatorImage, saveOperatorImage } from '../../modules/uploads/admin-images';

/**
 * Console routes of @app/contract/console-uploads: an operator's image upload; the operators' images
 * and the demo pictures at the addresses the member app uses, so forms preview what they publish.
 */
export default async function consoleUploadRoutes(app: FastifyInstance, opts: { pictures: DemoPictures }) {
  // An operator's own upload, to a signed-in operator (members' pictures: routes/money.ts).
  app.get<{ Params: { name: string } }>(`${UPLOAD_URL_PREFIX}:name`, async (request, reply) => {
    await requireConsoleOperator(app, request);
    const file = await operatorImage(app.db, app.config.dataDir, request.params.name);
    return reply
      .type(file.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=3600')
      .send(file.data);
  });
  await app.register(demoPictureRoutes, { pictures: opts.pictures });
  consoleEndpoint(
    app,
    consoleUploadImage,
    async ({ input, audit }) => {
      const saved = await saveOperatorImage(app.db, app.config.dataDir, input.data);
      await audit({ action: 'upload.image', targetType: 'upload', targetId: saved.url, after: saved });
      return { data: saved, message: '上传成功' };
    },
    // Base64 of the largest image, and room for the JSON around it.
    { bodyLimit: Math.ceil(IMAGE_UPLOAD_MAX_BYTES / 3) * 4 + 4096 },
  );
}
