/**
 * Batch match jobs belong to the user who submitted them, as the service's own jobs belong to its
 * key: the gateway records the submitter of every job it creates, and any other user (or a job it
 * never created) gets 404 without the service being asked. Records live as long as the service
 * keeps results (a week here), in Redis when there is one.
 */
import { cacheKey, type TieredCache } from "./cache";

const JOB_TTL_SECONDS = 7 * 24 * 3600;

export class JobOwners {
  constructor(
    private readonly cache: TieredCache,
    private readonly scope: string,
  ) {}

  async record(jobId: string, user: string): Promise<void> {
    await this.cache.setMany(new Map([[cacheKey("job", this.scope, jobId), user]]), JOB_TTL_SECONDS);
  }

  async isOwner(jobId: string, user: string): Promise<boolean> {
    const key = cacheKey("job", this.scope, jobId);
    return (await this.cache.getMany([key])).get(key) === user;
  }
}
