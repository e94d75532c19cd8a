/** @type {import('next').NextConfig} */
const nextConfig = {
  // These packages load worker scripts, WASM or native code at run time and cannot be bundled.
  serverExternalPackages: [
    'tesseract.js',
    '@electric-sql/pglite',
    'pg-boss',
    'pdfjs-dist',
    '@node-rs/argon2',
    'mammoth',
    '@napi-rs/canvas',
  ],
  experimental: {
    // Documents are uploaded through a server action; the service's own cap is far higher.
    serverActions: { bodySizeLimit: '25mb' },
  },
  poweredByHeader: false,
};

export default nextConfig;
