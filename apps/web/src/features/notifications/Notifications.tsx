import { type Id, ToastContainer, type ToastContent, type ToastOptions, toast } from 'react-toastify';

/**
 * Toast settings of spec section 9: top right, info, 5 s, close on click, close button, progress bar. The container
 * has no default type, so plain messages are sent with `notify` (info).
 */
export function Notifications() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={5000}
      closeOnClick
      closeButton
      hideProgressBar={false}
      newestOnTop
    />
  );
}

export function notify(content: ToastContent, options?: ToastOptions): Id {
  return toast(content, { type: 'info', ...options });
}
