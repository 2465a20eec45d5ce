/**
 * sharp's settings in the image process (src/media/image-process.ts), imported by every module
 * that runs there. Each image is read once and never again, so sharp's operation cache would only
 * hold memory; and libvips works one thread per job (two jobs at most in the child), whatever the
 * machine's cores: the child's memory is bounded by its jobs, not by the host it lands on. (sharp
 * already picks one thread on glibc Linux; on musl or macOS it would take one per core.)
 */
import sharp from 'sharp';

sharp.cache(false);
sharp.concurrency(1);
