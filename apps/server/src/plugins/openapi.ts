import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_PREFIX } from './web-static.ts';

/** The OpenAPI document (from the route schemas) and its docs page under /parking-hub-api/docs. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Parking Hub API',
        description:
          'Back office and staff-app API of Parking Hub. Every JSON answer is the envelope ' +
          '`{ status, message?, messages?, data?, meta? }`. Send `Authorization: Bearer <token>` from ' +
          '`POST /v1/login`, and `Accept-Language: en` for English messages (Lao by default).',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: `${API_PREFIX}/docs`,
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
  app.get(`${API_PREFIX}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
}
