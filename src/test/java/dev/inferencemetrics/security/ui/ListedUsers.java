package dev.inferencemetrics.security.ui;

import dev.inferencemetrics.security.ManagedUser;
import java.util.List;

/** The users a {@link UserList} shows, in its order. */
final class ListedUsers {

    private ListedUsers() {}

    static List<ManagedUser> of(UserList list) {
        return list.grid.getGenericDataView().getItems().toList();
    }
}
