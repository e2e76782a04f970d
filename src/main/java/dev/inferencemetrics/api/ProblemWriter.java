package dev.inferencemetrics.api;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import tools.jackson.databind.json.JsonMapper;

/** Writes an RFC 9457 problem answer where no controller is involved (filters, security handlers). */
public final class ProblemWriter {

    /** The field of a problem that names a failure of ours in the log, beside the detail that says it in words. */
    static final String ERROR_ID = "errorId";

    private ProblemWriter() {}

    public static void write(HttpServletResponse response, HttpStatus status, String detail) throws IOException {
        write(response, status, problem(status, detail));
    }

    static void write(HttpServletResponse response, HttpStatus status, String detail, String errorId)
            throws IOException {
        Map<String, Object> problem = problem(status, detail);
        problem.put(ERROR_ID, errorId);
        write(response, status, problem);
    }

    private static Map<String, Object> problem(HttpStatus status, String detail) {
        Map<String, Object> problem = new LinkedHashMap<>();
        problem.put("type", "about:blank");
        problem.put("title", status.getReasonPhrase());
        problem.put("status", status.value());
        problem.put("detail", detail);
        return problem;
    }

    private static void write(HttpServletResponse response, HttpStatus status, Map<String, Object> problem)
            throws IOException {
        response.setStatus(status.value());
        response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        response.getWriter().write(JsonMapper.shared().writeValueAsString(problem));
    }
}
