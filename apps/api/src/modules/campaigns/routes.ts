import {
  API_PATHS,
  campaignDetailResponseSchema,
  campaignListQuerySchema,
  campaignListResponseSchema,
  campaignParamsSchema,
  errorResponseSchema,
  escapeHtml,
  MESSAGES,
  messageResponseSchema,
  newsletterRequestSchema,
  newsletterResponseSchema,
  unsubscribeQuerySchema,
} from '@backroom/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerOf, jsonOrHtml } from '../../http-answers';
import { toCampaign } from './campaign-view';
import { CampaignQueue } from './queue';
import { campaignDetail, listCampaigns, sendNewsletter, unsubscribe } from './service';

export interface CampaignRoutesOptions {
  /** The database pg-boss and the senders' locks connect to. */
  databaseUrl: string;
}

const refusals = { 400: errorResponseSchema, 404: errorResponseSchema };

function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>` +
    '<body style="font-family:Arial,Helvetica,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#18181b">' +
    `<h1 style="font-size:1.4rem">${escapeHtml(title)}</h1>${body}</body></html>`
  );
}

/** An HTML page sent as it is (Fastify serialises only what is not already a string). */
const html = (text: string) => text as never;

const wantsJson = (request: FastifyRequest) => (request.headers.accept ?? '').includes('application/json');

/** User Notifications: the newsletter call, campaigns and their progress, unsubscribing. */
export const campaignRoutes: FastifyPluginAsyncZod<CampaignRoutesOptions> = async (app, options) => {
  const queue = new CampaignQueue({
    db: app.ctx.db,
    databaseUrl: options.databaseUrl,
    config: app.ctx.config,
    log: app.log,
    progress: (row) => app.ctx.realtime?.toAdmins('campaignProgress', toCampaign(row)),
  });
  // A second after the server is ready: the first sign-in does not wait for the job queue (decision 051).
  app.addHook('onReady', async () => {
    queue.startSoon();
  });
  app.addHook('onClose', async () => {
    await queue.stop();
  });
  const deps = () => ({
    db: app.ctx.db,
    queue,
    storage: app.ctx.storage,
    config: app.ctx.config,
    realtime: app.ctx.realtime,
    log: app.log,
  });

  // The one-click unsubscribe of mail programs posts a form body (RFC 8058); only the query counts.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) =>
    done(null, undefined),
  );

  app.post(
    API_PATHS.sendNewsletter,
    {
      schema: { body: newsletterRequestSchema, response: { 200: newsletterResponseSchema, 400: errorResponseSchema } },
    },
    async (request) => {
      const result = await sendNewsletter(deps(), request.principal, request.body);
      return { success: true as const, message: MESSAGES.emailSent(result.recipients), ...result };
    },
  );

  app.get(
    API_PATHS.campaigns,
    { schema: { querystring: campaignListQuerySchema, response: { 200: campaignListResponseSchema, ...refusals } } },
    async (request) => ({ success: true as const, ...(await listCampaigns(app.ctx.db, request.query)) }),
  );

  app.get(
    API_PATHS.campaign,
    { schema: { params: campaignParamsSchema, response: { 200: campaignDetailResponseSchema, ...refusals } } },
    async (request) => ({ success: true as const, campaign: await campaignDetail(deps(), request.params.id) }),
  );

  // Opening the link shows a button; the button (or a mail program's one-click POST) unsubscribes.
  // A GET never changes anything: link scanners open every link of an e-mail.
  app.get(
    API_PATHS.unsubscribe,
    {
      config: { public: true },
      schema: { querystring: unsubscribeQuerySchema, response: { 200: answerOf('text/html'), ...refusals } },
    },
    async (request, reply) => {
      const action = `${API_PATHS.unsubscribe}?token=${encodeURIComponent(request.query.token)}`;
      return reply.type('text/html; charset=utf-8').send(
        // An HTML page, not one of the JSON answers the schema describes.
        html(
          page(
            'Unsubscribe',
            '<p>Stop receiving our news and offers by e-mail?</p>' +
              `<form method="post" action="${escapeHtml(action)}"><button type="submit" style="padding:.6rem 1.2rem;font-size:1rem">Unsubscribe</button></form>`,
          ),
        ),
      );
    },
  );

  app.post(
    API_PATHS.unsubscribe,
    {
      config: { public: true },
      schema: {
        querystring: unsubscribeQuerySchema,
        response: { ...refusals, 200: jsonOrHtml(messageResponseSchema) },
      },
    },
    async (request, reply) => {
      await unsubscribe(app.ctx.db, request.query.token);
      const message = 'You are unsubscribed: you will not receive our campaigns any more.';
      if (wantsJson(request)) return { success: true as const, message };
      return reply.type('text/html; charset=utf-8').send(html(page('Unsubscribed', `<p>${escapeHtml(message)}</p>`)));
    },
  );
};
