;;; testee.el --- a pctest testee for Emacs's url-util  -*- lexical-binding: t -*-
;; A pctest testee (testee/PROTOCOL.md, run with -utf16hex) for the URL
;; library's escapers, run as  emacs -Q --batch -l testee.el
;;
;;   percentEncode         (url-hexify-string OCTETS)   a unibyte string
;;   percentDecodeLenient  (url-unhex-string TEXT)      its result's octets
;;
;; Every other op is answered "unsupported"; so is text with a lone
;; surrogate, which no Emacs string holds as a character. The few request
;; fields are read with regexps and every answer is hex or ASCII.
(require 'url-util)

(defun testee-field (line name)
  (when (string-match (format "\"%s\":[ ]*\"?\\([0-9A-Za-z_.-]*\\)" name) line)
    (match-string 1 line)))

(defun testee-hex-bytes (h)
  (let (bytes)
    (dotimes (i (/ (length h) 2))
      (push (string-to-number (substring h (* 2 i) (+ 2 (* 2 i))) 16) bytes))
    (nreverse bytes)))

(defun testee-utf16 (h)
  "The string of UTF-16 code units H in hex, or nil for a lone surrogate."
  (let ((units (let (u) (dotimes (i (/ (length h) 4))
                          (push (string-to-number (substring h (* 4 i) (+ 4 (* 4 i))) 16) u))
                 (nreverse u)))
        chars)
    (catch 'lone
      (while units
        (let ((u (pop units)))
          (cond ((and (<= #xD800 u #xDBFF) units (<= #xDC00 (car units) #xDFFF))
                 (push (+ #x10000 (* (- u #xD800) #x400) (- (pop units) #xDC00)) chars))
                ((<= #xD800 u #xDFFF) (throw 'lone nil))
                (t (push u chars)))))
      (apply #'string (nreverse chars)))))

(defun testee-answer (line)
  (let* ((id (testee-field line "id"))
         (op (testee-field line "op"))
         (hex (testee-field line "in_hex"))
         (u16 (and (string-match "\"in_utf16\"" line) (testee-field line "in_utf16")))
         (text (and u16 (testee-utf16 u16))))
    (condition-case err
        (cond
         ((and (equal op "percentEncode") hex)
          (format "{\"id\":%s,\"out\":\"%s\"}" id
                  (url-hexify-string (apply #'unibyte-string (testee-hex-bytes hex)))))
         ((and (equal op "percentDecodeLenient") text)
          (format "{\"id\":%s,\"out_hex\":\"%s\"}" id
                  (let ((r (url-unhex-string text)))
                    ;; A unibyte result is the octets; a multibyte one holds
                    ;; characters and raw-byte chars, which utf-8 writes back
                    ;; as the bytes they are.
                    (mapconcat (lambda (b) (format "%02x" b))
                               (if (multibyte-string-p r) (encode-coding-string r 'utf-8 t) r)
                               ""))))
         (t (format "{\"id\":%s,\"unsupported\":true}" id)))
      (error (format "{\"id\":%s,\"error\":\"%s\"}" id (car err))))))

(catch 'eof
  (while t
    (let ((line (condition-case nil (read-from-minibuffer "") (error (throw 'eof nil)))))
      (when (string-match "\"id\"" line)
        (princ (testee-answer line))
        (princ "\n")))))
