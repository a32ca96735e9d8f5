import type { EndpointSummary } from '../../../shared/src/service-summary';
import type { TableInfo } from '../../../shared/src/studio-contract';
import { type Layout, SIDEBAR } from '../components/layout/use-layout';
import { Splitter } from '../components/layout/Splitter';
import { Sidebar } from '../components/Sidebar';

interface Props {
  layout: Layout;
  onLayout(patch: Partial<Layout>): void;
  endpoints: EndpointSummary[];
  tables: TableInfo[];
  onEndpoint(line: number): void;
  onTry(endpoint: EndpointSummary): void;
  onTable(table: string): void;
  graphql?: { path: string; onTry(): void } | undefined;
}

/** The sidebar (endpoints and tables) and the splitter that resizes it; nothing when it is collapsed. */
export function SidebarPane({ layout, onLayout, ...sidebar }: Props) {
  if (layout.sidebarCollapsed) return null;
  return (
    <>
      <Sidebar {...sidebar} width={layout.sidebarWidth} />
      <Splitter
        orientation="vertical"
        size={layout.sidebarWidth}
        min={SIDEBAR.min}
        max={SIDEBAR.max}
        direction={1}
        label="Resize the sidebar"
        onResize={(sidebarWidth) => onLayout({ sidebarWidth })}
        testId="sidebar-splitter"
      />
    </>
  );
}
