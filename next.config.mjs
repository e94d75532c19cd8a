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
    // Bundles the reader process's script at run time (lib/isolation/reader-pool.ts).
    'esbuild',
  ],
  experimental: {
    // Set on purpose (issue 11): every server action body is cut off at 25 MB — the largest is
    // the one-document upload (24 MB file + fields, app/(desk)/upload/actions.ts); bigger runs
    // go through /api/runs with its own capped reader (lib/http/capped-body.ts).
    serverActions: { bodySizeLimit: '25mb' },
  },
  poweredByHeader: false,
  // App pages may not be framed by anyone (clickjacking of the review and admin pages). The API
  // routes and /v3 answer JSON or documents with their own headers (app/api/documents).
  async headers() {
    return [
      {
        source: '/((?!api/|v3/|_next/).*)',
        headers: [
          { key: 'Content-Security-Policy', value: "frame-ancestors 'none'" },
          { key: 'X-Frame-Options', value: 'DENY' },
        ],
      },
    ];
  },
};

export default nextConfig;
