import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
import type { ImageStorage } from './image-storage';
import { imageContentType, isImageName } from './names';

/**
 * Images in an S3-compatible bucket. The API still serves them at /uploads/{name} (streamed
 * from the bucket), so the admin's URLs and its Content-Security-Policy do not change.
 */
export function createS3Storage(config: S3Config, { listPageSize = 1000 } = {}): ImageStorage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    // S3-compatible servers (MinIO, s3rver, Ceph…) are reached by path: http://host/bucket/key.
    forcePathStyle: config.endpoint !== undefined,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // Not every S3-compatible server knows the newer default checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const check = (name: string) => {
    if (!isImageName(name)) throw new Error(`not an image name: ${JSON.stringify(name)}`);
    return name;
  };
  return {
    kind: 's3',
    async put(name, data) {
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: check(name),
          Body: data,
          ContentType: imageContentType(name),
        }),
      );
    },
    async get(name) {
      if (!isImageName(name)) return null;
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: name }));
        return { body: out.Body as Readable, size: out.ContentLength };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async remove(names) {
      if (names.length === 0) return;
      const out = await client.send(
        new DeleteObjectsCommand({
          Bucket: config.bucket,
          Delete: { Objects: names.map((name) => ({ Key: check(name) })), Quiet: true },
        }),
      );
      const failed = (out.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
      if (failed.length > 0) throw new Error(`could not delete ${failed.map((e) => e.Key).join(', ')}`);
    },
    async *list() {
      // A page at a time (S3 answers at most 1,000 keys a page); keys that are not image names (another app's files in a shared
      // bucket, anything under a prefix) are skipped.
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: config.bucket, ContinuationToken: token, MaxKeys: listPageSize }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified && isImageName(object.Key)) {
            yield { name: object.Key, modified: object.LastModified };
          }
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async removeLeftovers() {
      // A PUT is whole or nothing: an interrupted upload leaves no object behind.
      return 0;
    },
  };
}
