;;;; A pctest testee (testee/PROTOCOL.md, run with -utf16hex) for quri's
;;;; url-encode, url-decode and url-encode-params, run as  sbcl --script testee.lisp [plus]
;;;; The first argument picks the function set, so that no two functions
;;;; answer the same op in one run:
;;;;
;;;;   (none)  percentEncode  (quri:url-encode octets)
;;;;           percentDecode  (quri:url-decode string), its result's UTF-8;
;;;;                          quri:url-decoding-error is MalformedEscape
;;;;   plus    formEncode     (quri:url-encode-params (list (cons "a" string))
;;;;                          :space-to-plus t) without its leading "a="
;;;;
;;;; Every other op is answered "unsupported"; so is text with a lone
;;;; surrogate. The few request fields are read by hand; answers are hex.
;;;; Any other condition is answered with its type's name.
(require :asdf)
;; Compiling quri (on a first load) prints to both streams: keep stdout clean.
(let ((*standard-output* (make-broadcast-stream))
      (*error-output* (make-broadcast-stream)))
  (asdf:load-system :quri))

(defun field (line name)
  (let* ((key (format nil "\"~a\":" name))
         (p (search key line)))
    (when p
      (let* ((s (position-if-not (lambda (c) (member c '(#\Space #\"))) line :start (+ p (length key))))
             (e (position-if (lambda (c) (member c '(#\" #\, #\}))) line :start s)))
        (subseq line s e)))))

(defun hex-octets (h)
  (let ((v (make-array (floor (length h) 2) :element-type '(unsigned-byte 8))))
    (dotimes (i (length v) v)
      (setf (aref v i) (parse-integer h :start (* 2 i) :end (+ 2 (* 2 i)) :radix 16)))))

(defun utf16-string (h)
  "The string of UTF-16 code units H in hex, or NIL for a lone surrogate."
  (let ((units (loop for i from 0 below (length h) by 4
                     collect (parse-integer h :start i :end (+ i 4) :radix 16)))
        (chars '()))
    (loop while units
          do (let ((u (pop units)))
               (cond ((and (<= #xD800 u #xDBFF) units (<= #xDC00 (first units) #xDFFF))
                      (push (code-char (+ #x10000 (ash (- u #xD800) 10) (- (pop units) #xDC00))) chars))
                     ((<= #xD800 u #xDFFF) (return-from utf16-string nil))
                     (t (push (code-char u) chars)))))
    (coerce (nreverse chars) 'string)))

(defun string-utf16 (s)
  (with-output-to-string (o)
    (loop for c across s
          for u = (char-code c)
          do (if (> u #xFFFF)
                 (let ((v (- u #x10000)))
                   (format o "~(~4,'0x~4,'0x~)" (+ #xD800 (ash v -10)) (+ #xDC00 (logand v #x3FF))))
                 (format o "~(~4,'0x~)" u)))))

(defparameter *ops*
  (let ((set (if (second sb-ext:*posix-argv*) (second sb-ext:*posix-argv*) "")))
    (cond ((string= set "")
           (list (list "percentEncode" "in_hex" (lambda (b) (list "out_utf16" (string-utf16 (quri:url-encode b)))))
                 (list "percentDecode" "in_utf16"
                       (lambda (s) (list "out_hex" (format nil "~(~{~2,'0x~}~)"
                                                            (coerce (babel:string-to-octets (quri:url-decode s) :encoding :utf-8) 'list)))))))
          ((string= set "plus")
           (list (list "formEncode" "in_utf16"
                       (lambda (s) (list "out_utf16" (string-utf16 (subseq (quri:url-encode-params (list (cons "a" s)) :space-to-plus t) 2)))))))
          (t (format *error-output* "testee: unknown function set~%") (sb-ext:exit :code 2)))))

(defun answer (line)
  (let* ((id (field line "id"))
         (fn (assoc (field line "op") *ops* :test #'equal))
         (raw (and fn (search (format nil "\"~a\"" (second fn)) line) (field line (second fn))))
         (arg (and raw (if (string= (second fn) "in_hex") (hex-octets raw) (utf16-string raw)))))
    (if (null arg)
        (format nil "{\"id\":~a,\"unsupported\":true}" id)
        (handler-case
            (destructuring-bind (key value) (funcall (third fn) arg)
              (format nil "{\"id\":~a,\"~a\":\"~a\"}" id key value))
          (quri:url-decoding-error () (format nil "{\"id\":~a,\"error\":\"MalformedEscape\"}" id))
          (error (e) (format nil "{\"id\":~a,\"error\":\"~(~a~)\"}" id (type-of e)))))))

(loop for line = (read-line *standard-input* nil)
      while line
      when (search "\"id\"" line)
        do (write-line (answer line))
           (finish-output))
