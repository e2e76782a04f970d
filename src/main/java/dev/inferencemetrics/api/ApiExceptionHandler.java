package dev.inferencemetrics.api;

import dev.inferencemetrics.base.ErrorId;
import dev.inferencemetrics.base.UnusableValueException;
import java.sql.SQLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.orm.jpa.JpaSystemException;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.TransactionSystemException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;
import org.springframework.web.util.DisconnectedClientHelper;

/**
 * Turns what goes wrong in API calls into RFC 9457 problem answers: the caller's mistakes are 4xx with a plain
 * reason (Spring MVC's own, such as a missing parameter, included), a database that cannot serve is 503 with
 * Retry-After (resend), anything else 500 with an error id that is in the log with its stack trace.
 */
@RestControllerAdvice(basePackages = "dev.inferencemetrics")
class ApiExceptionHandler extends ResponseEntityExceptionHandler {

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

    /** A value the caller sent that a feature cannot use, refused with the feature's reason. */
    @ExceptionHandler(UnusableValueException.class)
    ResponseEntity<ProblemDetail> unusableValue(UnusableValueException e) {
        return answer(HttpStatus.BAD_REQUEST, e.getMessage());
    }

    /** A body that is not JSON, or JSON of another shape than the call takes (a number where text belongs). */
    @Override
    protected ResponseEntity<Object> handleHttpMessageNotReadable(
            HttpMessageNotReadableException e, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        return ResponseEntity.badRequest()
                .body(ProblemDetail.forStatusAndDetail(
                        HttpStatus.BAD_REQUEST, "the body is not JSON of the shape this call takes"));
    }

    /** A value PostgreSQL refused (a NUL in a text, a broken constraint): the caller's input, not the server. */
    @ExceptionHandler(DataIntegrityViolationException.class)
    ResponseEntity<ProblemDetail> refusedValue(DataIntegrityViolationException e) {
        String reason = RefusedValue.reason(e).orElse("A value in the request is not allowed.");
        log.info("API call refused by the database: {}", reason);
        return answer(HttpStatus.BAD_REQUEST, reason);
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
        return ours("Persistence failure in an API call", e);
    }

    /**
     * Any other failure is ours, not the caller's: 500 with an id the operator finds in the log. Refusals of access
     * go on to Spring Security, and a client that went away needs no answer.
     */
    @ExceptionHandler(Exception.class)
    ResponseEntity<ProblemDetail> failure(Exception e) throws Exception {
        if (e instanceof AccessDeniedException
                || e instanceof AuthenticationException
                || DisconnectedClientHelper.isClientDisconnectedException(e)) {
            throw e;
        }
        return ours("API call failed", e);
    }

    private static ResponseEntity<ProblemDetail> ours(String what, Exception e) {
        String id = ErrorId.logged(log, what, e);
        ProblemDetail problem =
                ProblemDetail.forStatusAndDetail(HttpStatus.INTERNAL_SERVER_ERROR, ErrorId.sentence(id));
        problem.setProperty(ProblemWriter.ERROR_ID, id);
        return ResponseEntity.internalServerError().body(problem);
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
