import { consoleUploadImage } from '@app/contract/console-uploads';
import { IMAGE_UPLOAD_MAX_BYTES } from '@app/contract/uploads';
import type { FastifyInstance } from 'fastify';
import { consoleEndpoint } from '../respond';
import { registerOperatorImages, saveOperatorImage } from '../uploads';
import assetRoutes from '../../seed/assets';

/**
 * Console routes of @app/contract/console-uploads: an operator's image upload; the operators' images
 * and the demo pictures at the addresses the member app uses, so forms preview what they publish.
 */
export default async function consoleUploadRoutes(app: FastifyInstance) {
  registerOperatorImages(app);
  await app.register(assetRoutes);
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
