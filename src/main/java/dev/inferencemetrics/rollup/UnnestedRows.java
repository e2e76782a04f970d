package dev.inferencemetrics.rollup;

import java.util.List;
import java.util.function.Function;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;

/**
 * Rows bound as one PostgreSQL array per column, for a statement that writes them all through {@code unnest}: one
 * round trip however many deployments and buckets a poll round brings.
 */
final class UnnestedRows<R> {

    private JdbcClient.StatementSpec statement;
    private final List<R> rows;

    UnnestedRows(JdbcClient.StatementSpec statement, List<R> rows) {
        this.statement = statement;
        this.rows = rows;
    }

    /** Binds the parameter {@code name} to this column's values, an array of the PostgreSQL element type {@code sqlType}. */
    UnnestedRows<R> column(String name, String sqlType, Function<R, Object> value) {
        statement = statement.param(
                name, new SqlArrayValue(sqlType, rows.stream().map(value).toArray()));
        return this;
    }

    /** The statement with every column bound so far. */
    JdbcClient.StatementSpec statement() {
        return statement;
    }
}
