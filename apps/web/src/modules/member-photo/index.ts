export { MemberPhoto } from './MemberPhoto';
export { PhotoCropModal, cropTexts } from './PhotoCropModal';
export { CROP_SIZE, ZOOM_MAX, ZOOM_MIN, ZOOM_STEP } from './crop';
