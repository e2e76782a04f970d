package dev.inferencemetrics.api;

import java.sql.SQLException;
import java.time.DateTimeException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.orm.jpa.JpaSystemException;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.TransactionSystemException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * Turns what goes wrong in API calls into RFC 9457 problem answers: the caller's mistakes are 4xx with a plain
 * reason, a database that cannot serve is 503 with Retry-After (resend), anything else 500.
 */
@RestControllerAdvice(basePackages = "dev.inferencemetrics")
class ApiExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ApiExceptionHandler.class);

    /**
     * Every refusal a feature throws: {@link ApiProblem} or one of its kind, each carrying its status and any headers
     * it sets (a {@code Retry-After}).
     */
    @ExceptionHandler(ApiProblem.class)
    ResponseEntity<ProblemDetail> problem(ApiProblem problem) {
        return ResponseEntity.status(problem.getStatusCode())
                .headers(problem.getHeaders())
                .body(problem.getBody());
    }

    /** A body that is not JSON, or JSON of another shape than the call takes (a number where text belongs). */
    @ExceptionHandler(HttpMessageNotReadableException.class)
    ResponseEntity<ProblemDetail> unreadableBody(HttpMessageNotReadableException e) {
        return answer(HttpStatus.BAD_REQUEST, "the body is not JSON of the shape this call takes");
    }

    /** A value PostgreSQL refused (a NUL in a text, a broken constraint): the caller's input, not the server. */
    @ExceptionHandler(DataIntegrityViolationException.class)
    ResponseEntity<ProblemDetail> refusedValue(DataIntegrityViolationException e) {
        String reason = RefusedValue.reason(e).orElse("A value in the request is not allowed.");
        log.info("API call refused by the database: {}", reason);
        return answer(HttpStatus.BAD_REQUEST, reason);
    }

    /** A parameter that parsed but cannot be computed on (a time past the end of Java's calendar, say). */
    @ExceptionHandler({DateTimeException.class, ArithmeticException.class})
    ResponseEntity<ProblemDetail> outOfRange(RuntimeException e) {
        log.info("API call refused, a value out of range: {}", e.getMessage());
        return answer(HttpStatus.BAD_REQUEST, "A number, date, time or duration in the request is out of range.");
    }

    /** The database is unreachable or overloaded: nothing was stored, so the client should resend later. */
    @ExceptionHandler({
        CannotCreateTransactionException.class,
        DataAccessResourceFailureException.class,
        TransientDataAccessException.class
    })
    ResponseEntity<ProblemDetail> unavailable(RuntimeException e) {
        log.warn("Database unavailable or busy for an API call: {}", e.getMessage());
        ResponseEntity<ProblemDetail> answer = answer(HttpStatus.SERVICE_UNAVAILABLE, DatabaseUnavailable.DETAIL);
        return ResponseEntity.status(answer.getStatusCode())
                .header(HttpHeaders.RETRY_AFTER, DatabaseUnavailable.RETRY_AFTER_SECONDS)
                .body(answer.getBody());
    }

    /**
     * The connection broke mid-transaction (the database stopped or failed over): the transaction did not commit,
     * so this is the same answer as above. Any other failure of the persistence layer is a plain server error.
     */
    @ExceptionHandler({JpaSystemException.class, TransactionSystemException.class})
    ResponseEntity<ProblemDetail> persistenceFailure(RuntimeException e) {
        if (lostConnection(e)) {
            return unavailable(e);
        }
        if (RefusedValue.reason(e).isPresent()) {
            String reason = RefusedValue.reason(e).orElseThrow();
            log.info("API call refused by the database: {}", reason);
            return answer(HttpStatus.BAD_REQUEST, reason);
        }
        log.error("Persistence failure in an API call", e);
        return answer(HttpStatus.INTERNAL_SERVER_ERROR, "The call failed; nothing was stored. Retry later.");
    }

    private static boolean lostConnection(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLException sql
                    && sql.getSQLState() != null
                    && (sql.getSQLState().startsWith("08") || sql.getSQLState().startsWith("57P"))) {
                return true;
            }
            if (cause instanceof SQLException sql && "Connection is closed".equals(sql.getMessage())) {
                return true;
            }
        }
        return false;
    }

    private static ResponseEntity<ProblemDetail> answer(HttpStatus status, String detail) {
        return ResponseEntity.status(status).body(ProblemDetail.forStatusAndDetail(status, detail));
    }
}
