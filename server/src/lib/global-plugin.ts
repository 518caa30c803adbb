import type { FastifyPluginAsync } from 'fastify';

/**
 * Marks a plugin so its decorators and hooks apply to the parent scope, exactly what `fastify-plugin`
 * does (it sets the same well-known symbols). fastify-plugin is not a direct dependency of this
 * package, so the two symbols are set here instead of importing it transitively.
 */
export function globalPlugin<Options extends Record<string, unknown> = Record<never, never>>(
  name: string,
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  return Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('fastify.display-name')]: name,
  });
}
