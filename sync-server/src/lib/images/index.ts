export { MIME_OF, sniffImage, type ImageFormat } from './sniff';
export {
  renderImage,
  type ImageRules,
  type Rendition,
  type RenditionSpec,
  type RenderedImage,
} from './render';
