#lang racket/base
;; A pctest testee (testee/PROTOCOL.md, run with -utf16hex) for Racket's
;; net/uri-codec. The first argument picks the function set, so that no two
;; functions answer the same op in one run:
;;
;;   (none)      formEncode        (form-urlencoded-encode str)
;;               formDecode        (form-urlencoded-decode str)
;;   unreserved    percentEncode         (uri-unreserved-encode str)
;;                 percentDecodeLenient  (uri-unreserved-decode str), its result's UTF-8
;;   uri           percentEncodeSet      (uri-encode str), set ecma.uriUnescaped only
;;   path-segment  percentEncodeSet      (uri-path-segment-encode str), set rfc3986.pchar only
;;   userinfo      percentEncodeSet      (uri-userinfo-encode str), set rfc3986.userinfo only
;;
;; Every other op is answered "unsupported"; so are text with a lone
;; surrogate and octets that are not UTF-8, which no Racket string holds.
;; The few request fields are read with regexps and every answer is hex:
;; out_utf16 for a text result, out_hex (the string's UTF-8) for an octet one.
(require net/uri-codec racket/string racket/list)

(define (hex->bytes h)
  (apply bytes (for/list ([i (in-range 0 (string-length h) 2)])
                 (string->number (substring h i (+ i 2)) 16))))

;; The string of UTF-16 code units in hex, or #f for a lone surrogate.
(define (utf16->string h)
  (let loop ([units (for/list ([i (in-range 0 (string-length h) 4)])
                      (string->number (substring h i (+ i 4)) 16))]
             [acc '()])
    (cond [(null? units) (list->string (reverse acc))]
          [(and (<= #xD800 (car units) #xDBFF) (pair? (cdr units)) (<= #xDC00 (cadr units) #xDFFF))
           (loop (cddr units)
                 (cons (integer->char (+ #x10000 (* (- (car units) #xD800) #x400) (- (cadr units) #xDC00))) acc))]
          [(<= #xD800 (car units) #xDFFF) #f]
          [else (loop (cdr units) (cons (integer->char (car units)) acc))])))

(define (string->utf16 s)
  (string-append*
   (for/list ([c (in-string s)])
     (define u (char->integer c))
     (define (h4 n) (string-append (make-string (- 4 (string-length (number->string n 16))) #\0) (number->string n 16)))
     (if (> u #xFFFF)
         (let ([v (- u #x10000)]) (string-append (h4 (+ #xD800 (quotient v #x400))) (h4 (+ #xDC00 (remainder v #x400)))))
         (h4 u)))))

;; op -> (list input-field set-or-#f function [octets-out])
(define function-sets
  (hash ""             (hash "formEncode" (list "in_utf16" #f form-urlencoded-encode)
                             "formDecode" (list "in_utf16" #f form-urlencoded-decode))
        "unreserved"   (hash "percentEncode" (list "in_hex" #f uri-unreserved-encode)
                             "percentDecodeLenient" (list "in_utf16" #f uri-unreserved-decode #t))
        "uri"          (hash "percentEncodeSet" (list "in_hex" "ecma.uriUnescaped" uri-encode))
        "path-segment" (hash "percentEncodeSet" (list "in_hex" "rfc3986.pchar" uri-path-segment-encode))
        "userinfo"     (hash "percentEncodeSet" (list "in_hex" "rfc3986.userinfo" uri-userinfo-encode))))

(define (bytes->hex b)
  (string-append* (for/list ([x (in-bytes b)])
                    (string-append (if (< x 16) "0" "") (number->string x 16)))))

(define args (current-command-line-arguments))
(define ops (hash-ref function-sets (if (> (vector-length args) 0) (vector-ref args 0) "")
                      (λ () (eprintf "testee: unknown function set\n") (exit 2))))

(define (field line name)
  (define m (regexp-match (pregexp (string-append "\"" name "\":\\s*\"?([0-9A-Za-z_.-]*)")) line))
  (and m (cadr m)))

(define (answer line)
  (define id (field line "id"))
  (define fn (hash-ref ops (or (field line "op") "") #f))
  (define raw (and fn (regexp-match? (string-append "\"" (first fn) "\"") line) (field line (first fn))))
  (define arg
    (and raw (or (not (second fn)) (equal? (field line "set") (second fn)))
         (if (equal? (first fn) "in_hex")
             (let ([b (hex->bytes raw)])
               (with-handlers ([exn:fail? (λ (e) #f)]) (bytes->string/utf-8 b)))
             (utf16->string raw))))
  (if arg
      (with-handlers ([exn:fail? (λ (e) (format "{\"id\":~a,\"error\":\"exn:fail\"}" id))])
        (if (> (length fn) 3)
            (format "{\"id\":~a,\"out_hex\":\"~a\"}" id (bytes->hex (string->bytes/utf-8 ((third fn) arg))))
            (format "{\"id\":~a,\"out_utf16\":\"~a\"}" id (string->utf16 ((third fn) arg)))))
      (format "{\"id\":~a,\"unsupported\":true}" id)))

(let loop ()
  (define line (read-line))
  (unless (eof-object? line)
    (when (regexp-match? #rx"\"id\"" line)
      (write-string (answer line))
      (newline)
      (flush-output))
    (loop)))
