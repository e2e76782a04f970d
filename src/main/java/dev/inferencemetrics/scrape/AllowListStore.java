package dev.inferencemetrics.scrape;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The table {@code scrape_allowed_network}; callers declare the tenant first. */
@Repository
class AllowListStore {

    private final JdbcClient jdbc;

    AllowListStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    List<AllowListEntry> entries() {
        return jdbc.sql("select id, entry, created_at, created_by from scrape_allowed_network order by entry")
                .query((rs, row) -> new AllowListEntry(
                        rs.getLong("id"),
                        rs.getString("entry"),
                        rs.getTimestamp("created_at").toInstant(),
                        rs.getString("created_by")))
                .list();
    }

    AllowListEntry insert(String entry, Instant at, String actor) {
        long id = jdbc.sql("insert into scrape_allowed_network (entry, created_at, created_by)"
                        + " values (:entry, :at, :actor) returning id")
                .param("entry", entry)
                .param("at", Timestamp.from(at))
                .param("actor", actor)
                .query(Long.class)
                .single();
        return new AllowListEntry(id, entry, at, actor);
    }

    /** The entry removed, if there was one with this id. */
    Optional<String> delete(long id) {
        return jdbc.sql("delete from scrape_allowed_network where id = :id returning entry")
                .param("id", id)
                .query(String.class)
                .optional();
    }
}
