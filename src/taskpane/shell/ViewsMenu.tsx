/** The Views menu in the header: every view, grouped as on the home page, reachable from anywhere. */
import {
  Button,
  Menu,
  MenuGroup,
  MenuGroupHeader,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
} from "@fluentui/react-components";
import { groupViews, type PaneView } from "../../features/registry";

export function ViewsMenu({
  views,
  current,
  navigate,
}: {
  views: readonly PaneView[];
  current: string;
  navigate(id: string): void;
}) {
  return (
    <Menu
      checkedValues={{ view: [current] }}
      onCheckedValueChange={(_, data) => data.checkedItems[0] && navigate(data.checkedItems[0])}
    >
      <MenuTrigger disableButtonEnhancement>
        <Button aria-label="Views">Views</Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuItemRadio name="view" value="home">
            Home
          </MenuItemRadio>
          {groupViews(views).map(({ group, views: inGroup }) => (
            <MenuGroup key={group}>
              <MenuGroupHeader>{group}</MenuGroupHeader>
              {inGroup.map((view) => (
                <MenuItemRadio key={view.id} name="view" value={view.id}>
                  {view.title}
                </MenuItemRadio>
              ))}
            </MenuGroup>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
