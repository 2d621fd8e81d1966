;; A pctest testee (testee/PROTOCOL.md, run with -utf16hex) for Guile's
;; (web uri) percent-encoding procedures. The first argument picks the
;; function set, so that no two functions answer the same op in one run:
;;
;;   (none)  percentEncode         (uri-encode str), str the octets as UTF-8 text
;;           formDecode            (uri-decode str)
;;   bytes   percentDecodeLenient  (uri-decode str #:encoding #f
;;                                             #:decode-plus-to-space? #f)
;;
;; Every other op is answered "unsupported"; so are text with a lone
;; surrogate and octets that are not UTF-8, which no Guile string holds.
;; The few request fields are read with regexps and every answer is hex.
(use-modules (web uri) (ice-9 rdelim) (ice-9 regex) (ice-9 format) (rnrs bytevectors))

(define (hex->bytevector h)
  (u8-list->bytevector
   (let lp ((i 0) (acc '()))
     (if (>= i (string-length h)) (reverse acc)
         (lp (+ i 2) (cons (string->number (substring h i (+ i 2)) 16) acc))))))

(define (bytevector->hex bv)
  (apply string-append
         (map (lambda (b) (string-append (if (< b 16) "0" "") (number->string b 16)))
              (bytevector->u8-list bv))))

;; The string of UTF-16 code units in hex, or #f for a lone surrogate.
(define (utf16->string h)
  (let lp ((units (map (lambda (i) (string->number (substring h i (+ i 4)) 16))
                       (iota (quotient (string-length h) 4) 0 4)))
           (acc '()))
    (cond ((null? units) (list->string (reverse acc)))
          ((<= #xD800 (car units) #xDBFF)
           (if (and (pair? (cdr units)) (<= #xDC00 (cadr units) #xDFFF))
               (lp (cddr units)
                   (cons (integer->char (+ #x10000 (* (- (car units) #xD800) #x400)
                                           (- (cadr units) #xDC00)))
                         acc))
               #f))
          ((<= #xDC00 (car units) #xDFFF) #f)
          (else (lp (cdr units) (cons (integer->char (car units)) acc))))))

(define (string->utf16 s)
  (apply string-append
         (map (lambda (c)
                (let ((u (char->integer c)))
                  (if (> u #xFFFF)
                      (let ((v (- u #x10000)))
                        (format #f "~4,'0x~4,'0x" (+ #xD800 (ash v -10)) (+ #xDC00 (logand v #x3FF))))
                      (format #f "~4,'0x" u))))
              (string->list s))))

;; Each op: the input field it takes and a procedure from the input
;; (a string, or a bytevector for in_hex) to the answer's field and value.
(define function-sets
  `(("" . (("percentEncode" "in_hex" .
            ,(lambda (bv) (let ((s (false-if-exception (utf8->string bv))))
                            (and s (string=? (bytevector->hex (string->utf8 s)) (bytevector->hex bv))
                                 (cons "out_utf16" (string->utf16 (uri-encode s)))))))
           ("formDecode" "in_utf16" .
            ,(lambda (s) (cons "out_utf16" (string->utf16 (uri-decode s)))))))
    ("bytes" . (("percentDecodeLenient" "in_utf16" .
                 ,(lambda (s) (cons "out_hex" (bytevector->hex
                                               (uri-decode s #:encoding #f #:decode-plus-to-space? #f)))))))))

(define ops
  (let ((set (assoc (if (> (length (command-line)) 1) (cadr (command-line)) "") function-sets)))
    (unless set (display "testee: unknown function set\n" (current-error-port)) (exit 2))
    (cdr set)))

(define (field line name pattern)
  (let ((m (string-match (string-append "\"" name "\":[ ]*" pattern) line)))
    (and m (match:substring m 1))))

(define (answer line)
  (let* ((id (field line "id" "([0-9]+)"))
         (op (field line "op" "\"([^\"]*)\""))
         (fn (assoc op ops))
         (raw (and fn (field line (cadr fn) "\"([0-9a-fA-F]*)\"")))
         (arg (and raw (if (string=? (cadr fn) "in_hex") (hex->bytevector raw) (utf16->string raw)))))
    (if (not arg)
        (format #f "{\"id\":~a,\"unsupported\":true}" id)
        (catch #t
          (lambda ()
            (let ((r ((cddr fn) arg)))
              (if r
                  (format #f "{\"id\":~a,\"~a\":\"~a\"}" id (car r) (cdr r))
                  (format #f "{\"id\":~a,\"unsupported\":true}" id))))
          (lambda (key . rest)
            (format #f "{\"id\":~a,\"error\":\"~a\"}" id key))))))

(let lp ()
  (let ((line (read-line)))
    (unless (eof-object? line)
      (when (string-match "\"id\"" line)
        (display (answer line))
        (newline)
        (force-output))
      (lp))))
