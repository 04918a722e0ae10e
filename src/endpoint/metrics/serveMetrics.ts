import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { invalidRequest } from '../../core/rpc/errors.ts'
import { errorBody } from '../answerRequests.ts'
import type { EndpointMetrics } from './createMetrics.ts'

/** Where the metrics are served; no CORS header is ever sent for it (`httpRoutes.ts`). */
export const metricsPath = '/metrics'

/** Whether `url` (a request's path and query) is the metrics path. */
export const isMetricsPath = (url: string): boolean => url.split('?', 1)[0] === metricsPath

export type ServeMetricsParameters = {
  metrics: EndpointMetrics
  /** When given, a scrape must send `Authorization: Bearer <token>`; any other is answered 401. */
  token?: string | undefined
}

const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * `GET /metrics` (docs/endpoint.md "Metrics"): the Prometheus text, for the operator's scraper
 * only. Without CORS headers, a web page of any origin cannot read it through the visitor's
 * browser (the endpoint's calls are open to every origin, its counts are not); with a token, only a
 * scraper that knows it can. The token is compared in constant time (both sides digested first, so
 * their lengths leak nothing either).
 */
export function serveMetrics(app: FastifyInstance, parameters: ServeMetricsParameters): void {
  const { metrics, token } = parameters
  const expected = token === undefined ? undefined : digest(`Bearer ${token}`)
  app.get(metricsPath, async (request, reply) => {
    const given = request.headers.authorization
    if (expected && !(given !== undefined && timingSafeEqual(digest(given), expected))) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .header('content-type', 'application/json; charset=utf-8')
        .send(errorBody(invalidRequest('metrics need the bearer token (--metrics-token)')))
    }
    return reply.header('content-type', metrics.registry.contentType).send(await metrics.read())
  })
}
