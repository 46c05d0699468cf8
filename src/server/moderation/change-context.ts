import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { ChangeContext } from '../notify/public-change';
import type { ServiceTypeRecord } from '../storage/repositories/types';
import { sessionOf } from './auth';

/** The context a plan needs: who, when, and how its email is worded (the plan writes it). */
export function changeContextOf(context: AppContext, request: FastifyRequest, serviceTypes: ServiceTypeRecord[]): ChangeContext {
  const now = context.now();
  const { config } = context;
  return {
    moderator: sessionOf(request).moderator_name,
    now,
    mail: { links: context.mailLinks, timeZone: config.TZ_NAME, mailFrom: config.MAIL_FROM, serviceTypes, now },
  };
}
