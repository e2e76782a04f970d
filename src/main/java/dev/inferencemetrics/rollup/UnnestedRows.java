package dev.inferencemetrics.rollup;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.springframework.jdbc.support.SqlArrayValue;

/**
 * Rows bound as one PostgreSQL array per column, for a statement that writes them all through {@code unnest}: one
 * round trip however many deployments and buckets a poll round brings.
 */
final class UnnestedRows<R> {

    private final List<R> rows;
    private final Map<String, Object> parameters = new HashMap<>();

    UnnestedRows(List<R> rows) {
        this.rows = rows;
    }

    /** Binds the parameter {@code name} to this column's values, an array of the PostgreSQL element type {@code sqlType}. */
    UnnestedRows<R> column(String name, String sqlType, Function<R, Object> value) {
        parameters.put(name, new SqlArrayValue(sqlType, rows.stream().map(value).toArray()));
        return this;
    }

    /** The columns bound so far, by parameter name. */
    Map<String, Object> parameters() {
        return parameters;
    }
}
