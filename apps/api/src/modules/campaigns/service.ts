import {
  CAMPAIGN_LIMITS,
  type CampaignDetail,
  type CampaignListQuery,
  EVENTS,
  MESSAGES,
  type NewsletterRequestParsed,
} from '@backroom/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { HttpError } from '../../http-error';
import type { Realtime } from '../../plugins/infrastructure/realtime';
import type { ImageStorage } from '../../storage/image-storage';
import { recordChange } from '../activity/recorder';
import { findOrCreateSecret, findUserInfo } from '../auth/repository';
import type { Principal } from '../auth/service';
import { campaignContent, toCampaign } from './campaign-view';
import { withMailImages } from './mail-images';
import type { CampaignQueue } from './queue';
import { personalise, renderMessage } from './render';
import {
  type CampaignRow,
  countCustomers,
  findCampaign,
  insertCampaign,
  insertSelectedDeliveries,
  listCampaignPage,
  productSnapshots,
  setRecipientCount,
  setUnsubscribed,
} from './repository';
import { newUnsubscribeSecret, UNSUBSCRIBE_SECRET_NAME, verifyUnsubscribeToken } from './unsubscribe-link';

export interface CampaignDeps {
  db: Db;
  queue: Pick<CampaignQueue, 'enqueue'>;
  /** Where the products' pictures are, and their e-mail renditions go. */
  storage: Pick<ImageStorage, 'get' | 'put'>;
  config: Pick<Config, 'publicUrl'>;
  realtime: Pick<Realtime, 'toAdmins'>;
  log: { error(obj: unknown, msg: string): void };
}

/**
 * POST /api/user/send-newsletter: records the campaign (the products as the catalogue has them
 * now, their pictures as JPEG renditions; the selected users' deliveries; for All Users only the
 * count, the job adds the deliveries) and queues its sending. Nothing is sent here.
 */
export async function sendNewsletter(deps: CampaignDeps, principal: Principal, body: NewsletterRequestParsed) {
  const productIds = (body.productsData ?? []).map((p) => p._id);
  const snapshots = await productSnapshots(deps.db, productIds);
  if (snapshots.length < new Set(productIds).size) {
    throw new HttpError(400, 'productsData: a chosen product no longer exists');
  }
  // Written before the campaign commits, like an upload: a campaign that fails leaves files the
  // sweep removes once nothing names them.
  const products = await withMailImages(deps.storage, snapshots);
  const admin = await findUserInfo(deps.db, principal.userId);
  const campaign = await deps.db.transaction(async (tx) => {
    const customers = body.audience === 'all' ? await countCustomers(tx) : 0;
    if (body.audience === 'all' && customers === 0) throw new HttpError(400, 'audience: there are no customers yet');
    const row = await insertCampaign(tx, {
      notificationType: body.notificationType,
      subject: body.subject,
      message: body.message,
      productLink: body.productLink,
      products,
      audience: body.audience,
      createdBy: principal.userId,
      createdByName: admin?.name ?? '',
      recipientCount: customers,
    });
    let recipientCount = customers;
    if (body.audience !== 'all') {
      recipientCount = await insertSelectedDeliveries(tx, row.id, body.recipients);
      if (recipientCount === 0) throw new HttpError(400, `recipients: ${MESSAGES.selectAtLeastOneUser}`);
      await setRecipientCount(tx, row.id, recipientCount);
    }
    const { subject, notificationType, audience, productLink } = body;
    const logged = { subject, notificationType, audience, productLink, products: productIds, recipientCount };
    await recordChange(tx, 'campaign', 'created', row.id, null, logged);
    return { ...row, recipientCount };
  });
  try {
    await deps.queue.enqueue(campaign.id);
  } catch (err) {
    // Recorded all the same: every unfinished campaign is queued again when the app starts.
    deps.log.error({ err, campaignId: campaign.id }, 'could not queue the campaign');
  }
  deps.realtime.toAdmins(EVENTS.campaignProgress, toCampaign(campaign));
  return { campaignId: campaign.id, recipients: campaign.recipientCount };
}

export async function listCampaigns(db: Db, query: CampaignListQuery) {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? CAMPAIGN_LIMITS.defaultPageSize;
  const { rows, total } = await listCampaignPage(db, pageSize, (page - 1) * pageSize);
  return { campaigns: rows.map(toCampaign), total, page, pageSize };
}

/**
 * The campaign's message as its recipients see it, with a sample unsubscribe link, for the
 * admin's preview. Its pictures are paths (/uploads/...), loaded from wherever the admin is
 * served: the preview frame has the admin's Content-Security-Policy (img-src 'self'), and the
 * admin's address need not be PUBLIC_URL (a balancer, 127.0.0.1 instead of localhost).
 */
export function previewCampaign(row: CampaignRow, publicUrl: string) {
  const rendered = renderMessage(campaignContent(row), '');
  return personalise(rendered, `${publicUrl}/api/unsubscribe?token=preview`);
}

export async function campaignDetail(deps: Pick<CampaignDeps, 'db' | 'config'>, id: string): Promise<CampaignDetail> {
  const row = await findCampaign(deps.db, id);
  if (!row) throw new HttpError(404, 'Campaign not found');
  return {
    ...toCampaign(row),
    message: row.message,
    productLink: row.productLink,
    products: row.products,
    ...previewCampaign(row, deps.config.publicUrl),
  };
}

/** The unsubscribe link: a valid token marks the customer unsubscribed (again is fine). */
export async function unsubscribe(db: Db, token: string): Promise<void> {
  const key = await findOrCreateSecret(db, UNSUBSCRIBE_SECRET_NAME, newUnsubscribeSecret());
  const userId = verifyUnsubscribeToken(token, key);
  if (!userId) throw new HttpError(400, 'token: this unsubscribe link is not valid');
  if (!(await setUnsubscribed(db, userId))) throw new HttpError(404, 'token: this account no longer exists');
}
