/** Placeholder until the shipping service lands: the routes answer 404 JSON. */
import { Router } from 'express';
import type { Config } from '../config';

export function createShippingRouter(_config: Config): Router {
  return Router();
}
