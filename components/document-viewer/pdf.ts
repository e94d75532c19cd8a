/** A loaded PDF, as pdf.js gives it (the module itself is loaded only when a PDF is shown). */
export type PdfDocument = import('pdfjs-dist').PDFDocumentProxy;
